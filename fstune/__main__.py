from fstune.cli import main

raise SystemExit(main())
