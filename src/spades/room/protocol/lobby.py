"""The lobby's messages: a page of the list of tables asked for, and sent."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .base import ClientBase, ServerBase
from .codes import LOBBY_PAGE, MAX_LOBBY_PAGE
from .fields import TableId, TableInfo

__all__ = ["Lobby", "LobbyList"]


class Lobby(ClientBase):
    """Ask for a page of the list of tables waiting or under way (waiting tables with a seat free first, then the
    other waiting ones, then those under way, each newest first); or for one table of it (``table``), or for the
    tables where the asker sits (``seated``), in one page. Anyone may ask, signed in or not (``seated`` needs
    signing in), within the lobby's own rate."""

    replies = "lobby; error rate_limited, not_signed_in (seated)"
    example = {"type": "lobby", "page": 0}
    type: Literal["lobby"]
    page: Annotated[int, Field(ge=0, le=MAX_LOBBY_PAGE)] = Field(
        default=0, description=f"which page of {LOBBY_PAGE} tables, from 0; the reply says how many there are")
    table: TableId | None = Field(default=None, description="only this table: the reply lists it, or nothing when it "
                                  "is not waiting nor under way")
    seated: bool = Field(default=False, description="only the tables waiting or under way where the asker sits")


class LobbyList(ServerBase):
    """The tables of the room."""

    sent_when = "in reply to lobby"
    example = {"type": "lobby", "page": 0, "pages": 1, "tables": [{
        "table": 7, "owner": "Ada", "rules": {"variant": "standard", "options": {}},
        "seats": [{"seat": 0, "player": "Ada", "level": None, "connected": True},
                  {"seat": 1, "player": None, "level": "normal", "connected": False},
                  {"seat": 2, "player": None, "level": None, "connected": False},
                  {"seat": 3, "player": None, "level": "normal", "connected": False}],
        "state": "waiting", "invite": "http://127.0.0.1:8000/tables/7"}]}
    type: Literal["lobby"]
    page: Annotated[int, Field(ge=0)] = Field(default=0, description="the page sent, from 0")
    pages: Annotated[int, Field(ge=1)] = Field(default=1, description=f"how many pages of {LOBBY_PAGE} tables "
                                               "there are now")
    tables: list[TableInfo] = Field(max_length=LOBBY_PAGE)
