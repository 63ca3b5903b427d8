# C types for url_starts.py, which Cython compiles in its pure-Python mode (setup.py); the
# mail reader's loops cimport its function (a C call through the module's function table).
cimport cython
# the rule-free kernels, called in C (their cpdef functions, through each module's table)
from urlint._kernels.letters cimport lower_at
from urlint._kernels.search cimport find_byte, find_byte_after

cdef tuple _BARE_NAMES
cdef bytes _LAST_LETTERS, _SCHEME_CHAR

@cython.locals(colon=Py_ssize_t, angle=Py_ssize_t)
cpdef bint may_start_a_url(bytes data, Py_ssize_t start, Py_ssize_t end)

@cython.locals(name=bytes)
cdef bint _ends_a_bare_name(bytes data, Py_ssize_t colon)

@cython.locals(at=Py_ssize_t)
cdef bint _opens_a_wrapper(bytes data, Py_ssize_t angle, Py_ssize_t end)
