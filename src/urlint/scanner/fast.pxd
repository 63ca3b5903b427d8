# C types for fast.py, which Cython compiles in its pure-Python mode (setup.py): the rules
# are written once, in fast.py, and run the same compiled or as Python.
cimport cython

cdef bint _is_space(Py_UCS4 code)
cdef bint _is_letter(Py_UCS4 code)
cdef bint _is_alnum(Py_UCS4 code)
cdef bint _ends_body(Py_UCS4 code)
cdef bint _may_stand_before(Py_UCS4 code)
cdef bint _hands_back_in_body(Py_UCS4 code)
cdef bint _is_trailing(Py_UCS4 code)

@cython.locals(low=Py_ssize_t, at=Py_ssize_t)
cpdef Py_ssize_t easy_scheme_start(str text, Py_ssize_t colon, Py_ssize_t floor)

@cython.locals(end=Py_ssize_t)
cpdef Py_ssize_t easy_end(str text, Py_ssize_t start, Py_ssize_t anchor)

@cython.locals(
    length=Py_ssize_t, body=Py_ssize_t, window=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t,
    closer=Py_ssize_t, code=Py_UCS4, first=Py_UCS4,
)
cdef Py_ssize_t _body_end(str text, Py_ssize_t anchor)

@cython.locals(length=Py_ssize_t, near=Py_ssize_t, at=Py_ssize_t, code=Py_UCS4)
cdef bint _line_goes_on_alone(str text, Py_ssize_t end)

@cython.locals(end=Py_ssize_t, url=str)
cpdef read_bare(str text, Py_ssize_t start, Py_ssize_t anchor, Py_ssize_t covered, index)
