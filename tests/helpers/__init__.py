"""Helpers the test folders share (``from tests.helpers.x import ...``): one place for a
check several games' tests make, so a test says what it checks, not how."""
