"""Store tests (a package, so its conftest.py never collides with another folder's)."""
