"""Rule-free kernels: the primitives the compiled loops are made of (a byte or a character
found, line ends counted, letters compared at a place, a record made), each compiled by
Cython with its pure body beside it; they import nothing of urlint's."""
