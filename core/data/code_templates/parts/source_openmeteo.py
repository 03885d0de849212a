import httpx
