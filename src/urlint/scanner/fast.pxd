# C types for fast.py, which Cython compiles in its pure-Python mode (setup.py): the rules
# are written once, in fast.py, and run the same compiled or as Python.
cimport cython
# the rule-free kernels, called in C (their cpdef functions, through each module's table)
from urlint._kernels.letters cimport one_byte_a_character
from urlint._kernels.lines cimport line_ends_in_text
from urlint._kernels.records cimport record
from urlint._kernels.search cimport find_char

# byte tables read in the C loops
cdef bytes _SCHEME_CHAR, _NAME_LETTERS, _SPACE, _BODY_ENDS, _TRAILING, _SHAPED_START
cdef Py_ssize_t _NAME_PLACES
cdef Py_ssize_t _SCHEME_LOOK, _BODY_LOOK, _LOGIN_LOOK, _LINE_END_LOOK
cdef tuple _BARE_NAMES
cdef frozenset _NAMES_AS_WRITTEN
cdef object _NONE_LEFT

cdef bint _is_space(Py_ssize_t code)
cdef bint _is_letter(Py_UCS4 code)
cdef bint _is_alnum(Py_UCS4 code)
cdef bint _ends_body(Py_ssize_t code)
cdef bint _may_stand_before(Py_UCS4 code)
cdef bint _hands_back_in_body(Py_UCS4 code)
cdef bint _is_trailing(Py_ssize_t code)

@cython.locals(low=Py_ssize_t, at=Py_ssize_t)
cpdef Py_ssize_t easy_scheme_start(str text, Py_ssize_t colon, Py_ssize_t floor)

@cython.locals(end=Py_ssize_t, quoted=bint, before=Py_UCS4)
cpdef Py_ssize_t easy_end(str text, Py_ssize_t start, Py_ssize_t anchor)

@cython.locals(last=Py_UCS4)
@cython.locals(code=Py_ssize_t)
cdef bint _may_start_shaped(str text, Py_ssize_t start)

cdef bint _may_have_glued_on(str text, Py_ssize_t end)

@cython.locals(
    length=Py_ssize_t, body=Py_ssize_t, window=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t,
    closer=Py_ssize_t, code=Py_UCS4, first=Py_UCS4,
)
cdef Py_ssize_t _body_end(str text, Py_ssize_t anchor, bint quoted)

@cython.locals(body=Py_ssize_t, first=Py_UCS4)
cdef Py_ssize_t _trimmed_end(str text, Py_ssize_t anchor, Py_ssize_t end, bint quoted)

@cython.locals(
    length=Py_ssize_t, near=Py_ssize_t, at=Py_ssize_t, code=Py_UCS4, trimmed=bint,
    next_start=Py_ssize_t,
)
cdef bint _nothing_goes_on(str text, Py_ssize_t start, Py_ssize_t end)

@cython.locals(line_end=Py_ssize_t)
cdef bint _readers_say_no(str text, Py_ssize_t start, Py_ssize_t end, Py_ssize_t next_start)

@cython.locals(
    last=Py_UCS4, length=Py_ssize_t, window=Py_ssize_t, at=Py_ssize_t, first=Py_UCS4,
    code=Py_UCS4, line_end=Py_ssize_t, wrap_column=Py_ssize_t, look=Py_ssize_t,
)
cdef bint _next_line_says_no(str text, Py_ssize_t start, Py_ssize_t end, Py_ssize_t next_start)

@cython.locals(stop=Py_ssize_t, pos=Py_ssize_t)
cdef bint _initials_before(str text, Py_ssize_t at, Py_ssize_t window)

cdef class ProseLane:
    cdef str text
    cdef object index, hard, other_hits, colon_match, colons, wrapper_hits
    cdef Py_ssize_t floor, stop, colon_stop, covered, lt_from, colon_from
    cdef Py_ssize_t wrapper_at, colon_start, colon_anchor, kind, anchor
    cdef bint narrow, wrappers_done, colons_done, done, walks
    cdef Py_ssize_t offset, line, line_start, line_base, column_base, offset_base

    @cython.locals(text=str, length=Py_ssize_t, at=Py_ssize_t)
    cdef void _next_wrapper(self)

    @cython.locals(text=str, colon=Py_ssize_t, start=Py_ssize_t, slashed=bint)
    cdef void _next_colon(self)

    @cython.locals(start=Py_ssize_t)
    cdef Py_ssize_t _next_hit(self)

    @cython.locals(newlines=Py_ssize_t)
    cdef void _walk_to(self, Py_ssize_t offset)

    cdef void _walk_on(self, Py_ssize_t offset)

    cdef void _hand_walk(self)

    cdef void _take_walk(self)

    @cython.locals(column=Py_ssize_t)
    cdef object _span(self, Py_ssize_t start, Py_ssize_t end)

    @cython.locals(
        out=list, text=str, start=Py_ssize_t, kind=int, anchor=Py_ssize_t, end=Py_ssize_t,
        url=str,
    )
    cpdef list batch(self)

    cdef object _hard(self, Py_ssize_t start, Py_ssize_t kind, Py_ssize_t anchor)

@cython.locals(length=Py_ssize_t, code=Py_ssize_t)
cdef bint _may_open(str text, Py_ssize_t at)

@cython.locals(place=Py_ssize_t, name=str, size=Py_ssize_t, at=Py_ssize_t, code=Py_ssize_t)
cdef bint _may_end_a_bare_name(str text, Py_ssize_t colon)

cdef Py_ssize_t _after_last_newline(str text, Py_ssize_t start, Py_ssize_t end)
