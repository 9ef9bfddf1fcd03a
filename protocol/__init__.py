"""protocol: the XBoard and UCI layers, the command line and the tournament runner."""
import cazaux_engine  # noqa: F401  (first: it decides compiled or interpreted modules)
