# C types for fast.py, which Cython compiles in its pure-Python mode (setup.py): the loops
# are written once, in fast.py, and run the same compiled or as Python.
cimport cython
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
# the rule-free kernels, called in C (their cpdef functions, through each module's table)
from urlint._kernels.letters cimport (
    is_hex_digit, lower_at, lower_byte, one_byte_a_character, same_letters, text_lower_at,
)
from urlint._kernels.lines cimport line_ends_in_bytes
from urlint._kernels.search cimport find_byte, find_bytes, find_char
# the mail rules the loops share with the pure path, each written once
from urlint.mail.header_ends cimport field_name_at
from urlint.mail.url_starts cimport may_start_a_url

cdef bint _IN_C  # COMPILED, as the loops read it
cdef bytes _BOUNDARY_CHAR, _BASE64_CHAR, _ENCODING_CHAR, _PARAMETER_STOP, _WORD_CHAR, _SPACE_CHAR
cdef Py_ssize_t _NO_MARKUP, _TAG, _BLOCK, _HIDDEN

@cython.locals(values=tuple)
cpdef tuple content_fields(bytes header)

cdef tuple _CONTENT_FIELDS

@cython.locals(values=list, left=Py_ssize_t, end=Py_ssize_t, at=Py_ssize_t, firsts=bytes)
cpdef tuple fields_named(bytes header, tuple names)

cdef bytes _first_bytes(tuple names)

cdef bytes _CONTENT_FIRSTS

@cython.locals(first=Py_ssize_t, index=Py_ssize_t)
cdef inline bint _may_name(bytes data, Py_ssize_t at, bytes firsts)

@cython.locals(found=Py_ssize_t, first=Py_ssize_t, index=Py_ssize_t, name=bytes)
cdef Py_ssize_t _named_at(bytes data, Py_ssize_t at, Py_ssize_t end, tuple names, list values) except -1

@cython.locals(at=Py_ssize_t, start=Py_ssize_t, value=bytes)
cdef object _value_after_name(bytes header, Py_ssize_t colon, Py_ssize_t end)

@cython.locals(values=list, stop=Py_ssize_t, lines=Py_ssize_t)
cpdef tuple entity_header(bytes data)

@cython.locals(left=Py_ssize_t, lines=Py_ssize_t, at=Py_ssize_t, line_end=Py_ssize_t)
cdef tuple _header_fields(bytes data, Py_ssize_t start, Py_ssize_t end, tuple names, bytes firsts, list values)

@cython.locals(colon=Py_ssize_t)
cdef bint _names_a_url_in(bytes data, Py_ssize_t start, Py_ssize_t end)

@cython.locals(header_end=Py_ssize_t, stop=Py_ssize_t, starts=bint, encoded=bint, values=list)
cpdef tuple message_look(bytes data, Py_ssize_t start, Py_ssize_t end)

cdef bint _blank_line_at(bytes data, Py_ssize_t at, Py_ssize_t end)

@cython.locals(equals=Py_ssize_t)
cdef bint _encoded_word_in(bytes data, Py_ssize_t start, Py_ssize_t end)

@cython.locals(encodings=list, parameters=list, html=bint, message_part=bint, nul=bint, encoded_word=bint, parameters_from=Py_ssize_t, at=Py_ssize_t, value=Py_ssize_t, value_end=Py_ssize_t)
cpdef tuple nested_marks(bytes data, Py_ssize_t start, Py_ssize_t end)

cdef Py_ssize_t _encoding_value_at(bytes data, Py_ssize_t at, Py_ssize_t end)

@cython.locals(fold=Py_ssize_t)
cdef Py_ssize_t _after_fold_and_quote(bytes data, Py_ssize_t at, Py_ssize_t end)

@cython.locals(subtype=bytes)
cdef bint _message_part_at(bytes data, Py_ssize_t slash, Py_ssize_t end)

@cython.locals(name_end=Py_ssize_t)
cdef bint _names_a_parameter(bytes data, Py_ssize_t equals)

@cython.locals(numbers=list, start=Py_ssize_t, end=Py_ssize_t, number=Py_ssize_t)
cpdef list lacking(bytes data, bytes needle, object bounds, Py_ssize_t lead=*)

@cython.locals(end=Py_ssize_t, colons=list, colon=Py_ssize_t, hints=list, taken=Py_ssize_t, equals=Py_ssize_t)
cpdef list header_url_hints(bytes header)

@cython.locals(last=Py_ssize_t)
cdef bint _after_mailto_or_url(bytes data, Py_ssize_t colon, Py_ssize_t start=*)

@cython.locals(found=list, end=Py_ssize_t, start=Py_ssize_t, line_end=Py_ssize_t, looked_from=Py_ssize_t, first_quoted=Py_ssize_t)
cpdef list from_lines(bytes data, Py_ssize_t at, bint first_only, Py_ssize_t tail, list quoted=*, Py_ssize_t quoted_from=*)

@cython.locals(after=Py_ssize_t, line_end=Py_ssize_t, at=Py_ssize_t)
cdef Py_ssize_t _from_line_end(bytes data, Py_ssize_t start, Py_ssize_t end, Py_ssize_t tail)

@cython.locals(close_end=Py_ssize_t, at=Py_ssize_t, low=Py_ssize_t, line_start=Py_ssize_t, dashes=bint)
cdef bint _after_closing_boundary(bytes data, Py_ssize_t start)

@cython.locals(line_end=Py_ssize_t, at=Py_ssize_t, low=Py_ssize_t, line_start=Py_ssize_t, length=Py_ssize_t, pads=Py_ssize_t)
cdef bint _after_base64_line(bytes data, Py_ssize_t start)

cdef bint _from_at(bytes data, Py_ssize_t at)

@cython.locals(tags=list, end=Py_ssize_t, at=Py_ssize_t, close=Py_ssize_t, tag_end=Py_ssize_t)
cpdef list url_tags(str source, tuple names)

cdef bint _ascii_letter(Py_UCS4 char)

@cython.locals(at=Py_ssize_t, name=str, after=Py_ssize_t, first=Py_ssize_t)
cdef bint _names_a_url_attribute(str source, Py_ssize_t start, Py_ssize_t end, tuple names)

@cython.locals(end=Py_ssize_t, texts=list, pieces=list, starts=list, targets=list, hidden_starts=list, hidden_ends=list, written=Py_ssize_t, text_from=Py_ssize_t, at=Py_ssize_t, found=Py_ssize_t, match_end=Py_ssize_t, kind=Py_ssize_t)
cpdef str markup(str source, frozenset blocks, frozenset hidden, tuple mapping, tuple hidden_spans)

@cython.locals(end=Py_ssize_t, texts=list, pieces=list, starts=list, targets=list, read=dict, written=Py_ssize_t, text_from=Py_ssize_t, at=Py_ssize_t, reference_end=Py_ssize_t, reference=str, replacement=str)
cpdef str references(str text, object decode, tuple mapping)

@cython.locals(after=Py_ssize_t, run=Py_ssize_t)
cdef Py_ssize_t _reference_end(str text, Py_ssize_t at, Py_ssize_t end)

cdef Py_ssize_t _BATCH

cdef void _hand_on(list texts, list pieces, tuple entries, tuple into) except *

@cython.locals(size=Py_ssize_t, packed=bytes, base=cython.p_longlong, index=Py_ssize_t)
cdef bytes _packed(list entries)

@cython.locals(after=Py_ssize_t, word_end=Py_ssize_t, name=str, close=Py_ssize_t, element_end=Py_ssize_t, slash=bint, letter=Py_ssize_t)
cdef Py_ssize_t _markup_at(str source, Py_ssize_t at, Py_ssize_t end, frozenset blocks, frozenset hidden)

@cython.locals(dashes=Py_ssize_t)
cdef Py_ssize_t _comment_end(str source, Py_ssize_t body, Py_ssize_t end)

cdef Py_ssize_t _word_end(str source, Py_ssize_t at, Py_ssize_t end)

@cython.locals(size=Py_ssize_t, tag=Py_ssize_t, at=Py_ssize_t)
cdef Py_ssize_t _end_tag_end(str source, Py_ssize_t start, Py_ssize_t end, Py_ssize_t name, Py_ssize_t name_end)

@cython.locals(starts=list, targets=list, end=Py_ssize_t, shift=Py_ssize_t, at=Py_ssize_t, token_end=Py_ssize_t, point=Py_ssize_t)
cpdef tuple quoted_printable_points(bytes raw)

