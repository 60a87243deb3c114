"""The `roman` variant (see ../shared/RULES.md); registered by its primero_register_variants hook."""
