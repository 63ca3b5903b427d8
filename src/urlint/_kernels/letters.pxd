# C types for letters.py, which Cython compiles in its pure-Python mode (setup.py); the
# compiled loops cimport its functions (a C call through the module's function table).
cimport cython
from cpython.unicode cimport PyUnicode_KIND

cdef bint _IN_C

cpdef Py_ssize_t lower_byte(Py_ssize_t code) noexcept

cdef inline Py_ssize_t _lowered(Py_ssize_t code) noexcept

@cython.locals(size=Py_ssize_t, place=Py_ssize_t, base="const unsigned char*", wanted="const unsigned char*")
cpdef bint lower_at(bytes data, Py_ssize_t at, bytes lower) except -1

@cython.locals(size=Py_ssize_t, place=Py_ssize_t)
cpdef bint text_lower_at(str text, Py_ssize_t at, str lower, Py_ssize_t end) except -1

@cython.locals(place=Py_ssize_t, one=long, two=long)
cpdef bint same_letters(str text, Py_ssize_t at, Py_ssize_t other, Py_ssize_t size) except -1

cpdef bint one_byte_a_character(str text) except -1

cpdef bint is_hex_digit(long code) noexcept
