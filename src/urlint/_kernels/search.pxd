# C types for search.py, which Cython compiles in its pure-Python mode (setup.py); the
# compiled loops cimport its functions (a C call through the module's function table).
cimport cython
from cpython.unicode cimport PyUnicode_DATA, PyUnicode_KIND
from libc.string cimport memchr, memcmp

cdef bint _IN_C

@cython.locals(base="const unsigned char*", found="const unsigned char*")
cpdef Py_ssize_t find_byte(bytes data, unsigned char byte, Py_ssize_t start, Py_ssize_t end) except? -2

@cython.locals(base="const unsigned char*", found="const unsigned char*")
cpdef Py_ssize_t find_char(str text, Py_UCS4 char, Py_ssize_t start, Py_ssize_t end) except? -2

@cython.locals(size=Py_ssize_t, byte="unsigned char", last=Py_ssize_t, at=Py_ssize_t)
cpdef Py_ssize_t find_bytes(bytes data, bytes needle, Py_ssize_t start, Py_ssize_t end, Py_ssize_t lead=*) except? -2

@cython.locals(base="const unsigned char*", wanted="const unsigned char*")
cdef inline bint _needle_at(bytes data, bytes needle, Py_ssize_t at)

@cython.locals(
    places=Py_ssize_t, at=Py_ssize_t, place=Py_ssize_t,
    base="const unsigned char*", table="const unsigned char*",
)
cpdef Py_ssize_t find_byte_after(bytes data, unsigned char byte, bytes tables, Py_ssize_t start, Py_ssize_t end) except? -2

cdef dict _AFTER

cpdef bint token_at(bytes data, bytes run, bytes gap, unsigned char last, Py_ssize_t at, Py_ssize_t end) except -1

@cython.locals(run_table="const unsigned char*", gap_table="const unsigned char*", first=Py_ssize_t)
cdef inline bint _token_in_c(const unsigned char* base, bytes run, bytes gap, unsigned char last, Py_ssize_t at, Py_ssize_t end) noexcept

@cython.locals(
    at=Py_ssize_t, after=Py_ssize_t,
    base="const unsigned char*", lone_table="const unsigned char*",
)
cpdef Py_ssize_t find_byte_not_before(bytes data, unsigned char byte, bytes lone, bytes run, bytes gap, unsigned char last, Py_ssize_t start, Py_ssize_t end) except? -2

cdef dict _TOKENS, _NOT_BEFORE
