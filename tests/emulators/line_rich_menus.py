"""The rich-menu endpoints of the LINE emulator (tests/emulators/line_api_server.py): what LINE checks
when a menu is created, its picture uploaded on the data host, made the default, aliased and
linked to a user. Refuses what LINE refuses (sizes, areas off the picture, labels and data too
long, a picture of the wrong size or over 1 MB, a second upload, a default without a picture)."""
from __future__ import annotations

import json
import struct
import uuid
from dataclasses import dataclass, field
from typing import Any

SIZES = {(2500, 1686), (2500, 843), (1200, 810), (1200, 405), (800, 540), (800, 270)}
ACTIONS = {"postback", "message", "uri", "datetimepicker", "richmenuswitch", "postback"}
MAX_PICTURE = 1024 * 1024


@dataclass
class RichMenus:
    """Menus by id, their pictures, aliases, the default and per-user links."""

    menus: dict[str, dict[str, Any]] = field(default_factory=dict)
    pictures: dict[str, bytes] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    default: str | None = None
    linked: dict[str, str] = field(default_factory=dict)

    def handle(self, method: str, path: str, headers: Any, body: bytes) -> tuple[int, dict[str, Any]] | None:
        """Return (status, JSON) for a rich-menu call, None when `path` is not one."""
        parts = path.strip("/").split("/")
        if parts[:3] == ["v2", "bot", "richmenu"]:
            return self._menu(method, parts[3:], headers, body)
        if parts[:3] == ["v2", "bot", "user"] and len(parts) >= 5 and parts[4] == "richmenu":
            return self._link(method, parts[3], parts[5] if len(parts) > 5 else None)
        return None

    def _menu(self, method: str, rest: list[str], headers: Any, body: bytes) -> tuple[int, dict[str, Any]]:
        if method == "POST" and not rest:
            menu = json.loads(body or b"{}")
            problem = menu_problem(menu)
            if problem:
                return 400, {"message": "The request body has 1 error(s)", "details": [{"message": problem}]}
            menu_id = "richmenu-" + uuid.uuid4().hex
            self.menus[menu_id] = menu
            return 200, {"richMenuId": menu_id}
        if method == "POST" and len(rest) == 2 and rest[1] == "content":
            return self._picture(rest[0], headers, body)
        if rest[:1] == ["alias"]:
            return self._alias(method, rest[1:], json.loads(body or b"{}") if method == "POST" else {})
        return 404, {"message": "Not found"}

    def _picture(self, menu_id: str, headers: Any, body: bytes) -> tuple[int, dict[str, Any]]:
        if menu_id not in self.menus:
            return 404, {"message": "Not found"}
        if menu_id in self.pictures:
            return 400, {"message": "An image has already been uploaded to the richmenu"}
        if headers.get("Content-Type") not in ("image/png", "image/jpeg") or len(body) > MAX_PICTURE:
            return 400, {"message": "image must be PNG or JPEG, at most 1 MB"}
        size = self.menus[menu_id]["size"]
        if png_size(body) != (size["width"], size["height"]):
            return 400, {"message": "image size must match the rich menu size"}
        self.pictures[menu_id] = body
        return 200, {}

    def _alias(self, method: str, rest: list[str], data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if method == "POST" and not rest:
            alias, menu_id = data.get("richMenuAliasId", ""), data.get("richMenuId", "")
            if alias in self.aliases or menu_id not in self.menus:
                return 400, {"message": "conflict richmenu alias id" if alias in self.aliases else "richmenu not found"}
            self.aliases[alias] = menu_id
            return 200, {}
        if len(rest) != 1 or rest[0] not in self.aliases:
            return 400, {"message": "richmenu alias not found"}
        if method == "GET":
            return 200, {"richMenuAliasId": rest[0], "richMenuId": self.aliases[rest[0]]}
        if method == "POST" and data.get("richMenuId") in self.menus:
            self.aliases[rest[0]] = data["richMenuId"]
            return 200, {}
        return 400, {"message": "richmenu not found"}

    def _link(self, method: str, user: str, menu_id: str | None) -> tuple[int, dict[str, Any]]:
        if method == "DELETE" and menu_id is None:
            self.linked.pop(user, None)
            return 200, {}
        if method != "POST" or menu_id not in self.menus:
            return 404 if menu_id not in self.menus else 405, {"message": "Not found"}
        if menu_id not in self.pictures:
            return 400, {"message": "must upload richmenu image before applying it to user"}
        if user == "all":
            self.default = menu_id
        else:
            self.linked[user] = menu_id
        return 200, {}


def png_size(data: bytes) -> tuple[int, int] | None:
    """Return a PNG's (width, height) from its IHDR chunk, None when it is not a PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def menu_problem(menu: dict[str, Any]) -> str | None:
    """Return what LINE would refuse in a rich menu object, None when it is acceptable."""
    size = menu.get("size") or {}
    width, height = size.get("width"), size.get("height")
    if (width, height) not in SIZES:
        return "size must be one of LINE's rich menu sizes"
    if not 1 <= len(menu.get("chatBarText") or "") <= 14 or not menu.get("name"):
        return "chatBarText must be 1..14 characters and name is required"
    areas = menu.get("areas") or []
    if not 1 <= len(areas) <= 20:
        return "areas must be 1..20"
    for area in areas:
        b, action = area.get("bounds") or {}, area.get("action") or {}
        if b.get("x", -1) < 0 or b.get("y", -1) < 0 or b["x"] + b.get("width", 0) > width or \
                b["y"] + b.get("height", 0) > height:
            return "area bounds outside the rich menu"
        if action.get("type") not in ACTIONS or len(action.get("label") or "") > 20:
            return "invalid action"
        if len(action.get("data") or "") > 300:
            return "postback data over 300 characters"
    return None
