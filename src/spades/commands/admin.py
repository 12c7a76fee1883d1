"""``spades admin``: the operator names the room's administrators (and moderators) from the command line, where
no one else can: ``grant NAME admin``, ``revoke NAME``, ``list``; and reads the audit log (``audit``). Every
change is written to the audit log as the operator's. Administrators name moderators in the room itself."""

from __future__ import annotations

import argparse

from ..language import _

OPERATOR = "the operator"


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "admin", help=_("name the room's administrators and moderators, or read its audit log"),
        description=_("Give a registered player of the room a role (admin: names moderators and reads the audit log; "
                      "moderator: handles reports and sanctions), take it back, list who has one, or print the audit "
                      "log, from the room's database."))
    parser.add_argument("--database", default=None,
                        help=_("the room's database: a SQLite file or a postgresql:// URL (default: the room's file "
                               "in the data directory)"))
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION",
                                    help=_("grant, revoke, list or audit"))
    grant = actions.add_parser("grant", help=_("give NAME a role: admin or moderator"))
    grant.add_argument("name", metavar="NAME")
    grant.add_argument("role", choices=("admin", "moderator"), metavar="ROLE", help=_("admin or moderator"))
    revoke = actions.add_parser("revoke", help=_("take NAME's role away"))
    revoke.add_argument("name", metavar="NAME")
    actions.add_parser("list", help=_("who holds a role"))
    audit = actions.add_parser("audit", help=_("the audit log, newest first"))
    audit.add_argument("--lines", type=int, default=50, help=_("how many lines (default 50)"))
    for sub in (grant, revoke, audit):
        sub.add_argument("--database", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..room.protocol import ProtocolError
    from ..room.store import Store, moderation

    store = Store(args.database)
    try:
        if args.action == "list":
            held = moderation.roles(store)
            if not held:
                print(_("No one holds a role."))
            for holder, held_role in held:
                role_words = _("administrator") if held_role == "admin" else _("moderator")
                print(f"{holder}: {role_words}")
            return 0
        if args.action == "audit":
            for line in moderation.audit_lines(store, None, max(1, args.lines)):
                reason = f": {line['reason']}" if line["reason"] else ""
                print(f"{line['at']:%Y-%m-%d %H:%M} {line['by']} {line['act']} {line['target']}{reason}")
            return 0
        try:
            role = args.role if args.action == "grant" else None
            name = moderation.set_role(store, args.name, role, OPERATOR)
        except ProtocolError as error:
            print(f"spades admin: {error.message}")
            return 2
        if role == "admin":
            print(_("{name} is now an administrator.", name=name))
        elif role:
            print(_("{name} is now a moderator.", name=name))
        else:
            print(_("{name} holds no role now.", name=name))
        return 0
    finally:
        store.close()
