# C types for records.py, which Cython compiles in its pure-Python mode (setup.py); the
# compiled loops cimport its functions (a C call through the module's function table).
cimport cython
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_SET_ITEM

cdef extern from "Python.h":
    # a type's instance of `nitems` items, zeroed (a tuple subclass's own tp_alloc)
    object PyType_GenericAlloc(type kind, Py_ssize_t nitems)

cdef bint _IN_C
cdef bint _RECORDS_IN_C

@cython.locals(size=Py_ssize_t, place=Py_ssize_t)
cpdef object record(type kind, tuple fields, tuple defaults=*)
