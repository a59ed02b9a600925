/// Pure geo maths for Homeward: no I/O, no database, no HTTP.
