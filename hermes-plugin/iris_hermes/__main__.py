"""``python -m iris_hermes token create|revoke|list``."""

import sys

from .cli import main

sys.exit(main())
