"""Smoke test of the generated Python client (clients/python).

Logs in with TOCSIN_EMAIL/TOCSIN_PASSWORD at TOCSIN_URL, lists incidents with the access token,
and prints {"total": N, "titles": [...]} as JSON. Run with the venv from `npm run clients:install`.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

from tocsin_client import AuthenticatedClient, Client  # noqa: E402
from tocsin_client.api.auth import login  # noqa: E402
from tocsin_client.api.incidents import list_incidents  # noqa: E402
from tocsin_client.models import LoginJsonBody, TokenResponse  # noqa: E402

url = os.environ["TOCSIN_URL"]
token = login.sync(
    client=Client(base_url=url),
    body=LoginJsonBody(email=os.environ["TOCSIN_EMAIL"], password=os.environ["TOCSIN_PASSWORD"]),
)
if not isinstance(token, TokenResponse):
    sys.exit(f"login failed: {token}")

page = list_incidents.sync(client=AuthenticatedClient(base_url=url, token=token.access_token), limit=100)
if page is None or not hasattr(page, "data"):
    sys.exit(f"list incidents failed: {page}")
print(json.dumps({"total": page.meta.total, "titles": [incident.title for incident in page.data]}))
