"""A table's own deck learnt from one photo per face, and from the table's corrections."""
