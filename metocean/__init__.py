"""metocean package."""
