"""Studies shipped with fstune, as TOML files (installed as ``fstune.recipes``)."""
