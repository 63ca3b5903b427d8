# C types for header_ends.py, which Cython compiles in its pure-Python mode (setup.py); the
# mail reader's loops cimport its functions (a C call through the module's function table).
# the rule-free kernels, called in C (their cpdef functions, through each module's table)
from urlint._kernels.search cimport find_byte_not_before, token_at

cdef bytes _NAME_CHAR, _BLANK
cdef unsigned char _COLON

cpdef Py_ssize_t header_stop(bytes data, Py_ssize_t start, Py_ssize_t end) except? -2

cpdef bint field_name_at(bytes data, Py_ssize_t at, Py_ssize_t end) except -1
