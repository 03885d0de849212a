from datetime import date

import httpx
