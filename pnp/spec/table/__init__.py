"""Cards from a spreadsheet beside the spec: reading CSV, XLSX and ODS files into rows, typing each
cell by its column, and writing a kind's cards out as a sheet (docs/spec-format.md, "Cards from a
spreadsheet")."""
