"""Thin routers: parse, authenticate, check CSRF, find the table and seat, call a service, render."""
