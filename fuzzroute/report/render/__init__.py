"""Writers of the report: HTML, SARIF and the terminal, each laid out from the finished document."""
