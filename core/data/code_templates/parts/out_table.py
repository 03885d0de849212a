def show(rows):
    """Print the rows as a table."""
    print_rows(rows)
