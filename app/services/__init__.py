"""The service layer: the only code that touches both the engines and the database; it owns transactions."""
