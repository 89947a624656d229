"""Deploy: what ``fstune export`` writes, so a measured configuration can be kept and repeated.

A run measured a configuration on one machine; this package turns it into what an admin keeps:
fstab lines (``fstab``), a systemd .mount unit (``systemd``) and an Ansible playbook that makes
the same filesystem on more servers (``ansible``). See docs/ARCHITECTURE.md, "Deploy".
"""
