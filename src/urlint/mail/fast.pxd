# C types for fast.py, which Cython compiles in its pure-Python mode (setup.py): the loops
# are written once, in fast.py, and run the same compiled or as Python.
cimport cython
from libc.string cimport memchr

cdef extern from "string.h":
    void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen)

cdef bytes _LAST_LETTERS, _SCHEME_CHAR, _NAME_CLASS, _NAME_CHAR
cdef tuple _BARE_NAMES
cdef Py_ssize_t _SHORTEST

@cython.locals(base="const unsigned char*", count=Py_ssize_t, at=Py_ssize_t)
cpdef Py_ssize_t newlines(bytes data, Py_ssize_t start, Py_ssize_t end)

cdef tuple _clamped(Py_ssize_t length, Py_ssize_t start, Py_ssize_t end)

@cython.locals(at=Py_ssize_t, after=Py_ssize_t)
cpdef Py_ssize_t header_stop(bytes data, Py_ssize_t start, Py_ssize_t end)

@cython.locals(name_start=Py_ssize_t)
cdef bint _field_name_at(bytes data, Py_ssize_t at, Py_ssize_t end)

@cython.locals(colon=Py_ssize_t, angle=Py_ssize_t)
cpdef bint body_may_start_a_url(bytes data, Py_ssize_t start, Py_ssize_t end)

@cython.locals(place=Py_ssize_t, code=Py_ssize_t, name=bytes, size=Py_ssize_t, at=Py_ssize_t)
cdef bint _ends_a_bare_name(bytes data, Py_ssize_t colon)

@cython.locals(at=Py_ssize_t)
cdef bint _opens_a_wrapper(bytes data, Py_ssize_t angle, Py_ssize_t end)

@cython.locals(base="const unsigned char*", found="const unsigned char*")
cdef Py_ssize_t _find_byte(bytes data, unsigned char byte, Py_ssize_t start, Py_ssize_t end)

@cython.locals(end=Py_ssize_t, at=Py_ssize_t, name=Py_ssize_t, type_value=bytes, encoding_value=bytes)
cpdef tuple content_fields(bytes header)

@cython.locals(size=Py_ssize_t, place=Py_ssize_t, code=Py_ssize_t)
cdef bint _lower_at(bytes data, Py_ssize_t at, bytes lower)

@cython.locals(end=Py_ssize_t, at=Py_ssize_t, start=Py_ssize_t, value=bytes)
cdef object _value_after_name(bytes header, Py_ssize_t colon)

@cython.locals(end=Py_ssize_t, colon=Py_ssize_t)
cpdef bint names_a_url(bytes header)

@cython.locals(base="const unsigned char*", found="const unsigned char*")
cpdef Py_ssize_t find(bytes data, bytes needle, Py_ssize_t start, Py_ssize_t end)

@cython.locals(end=Py_ssize_t, colons=list, colon=Py_ssize_t, hints=list, taken=Py_ssize_t, equals=Py_ssize_t)
cpdef list header_url_hints(bytes header)

cdef bint _after_mailto_or_url(bytes header, Py_ssize_t colon)
