"""The Textual user interface of fstune (installed as ``fstune.screens``)."""
