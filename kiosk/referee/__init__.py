"""The referee's room: typed inputs in, the rules core's verdicts out, the journal on disk, clocks and ports."""
