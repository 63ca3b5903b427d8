# C types for lines.py, which Cython compiles in its pure-Python mode (setup.py); the
# compiled loops cimport its functions (a C call through the module's function table).
cimport cython
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_KIND

cdef bint _IN_C
cdef Py_ssize_t _BLOCK

cpdef Py_ssize_t line_ends_in_bytes(bytes data, Py_ssize_t start, Py_ssize_t end) except? -1

@cython.locals(base="const unsigned char*")
cpdef Py_ssize_t line_ends_in_text(str text, Py_ssize_t start, Py_ssize_t end) except? -1

@cython.locals(count=Py_ssize_t, at=Py_ssize_t, block="unsigned char", place=Py_ssize_t)
cdef Py_ssize_t _blocked_count(const unsigned char* base, Py_ssize_t length) noexcept

cdef inline Py_ssize_t _bound(Py_ssize_t length, Py_ssize_t offset) noexcept
