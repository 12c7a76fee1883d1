"""The room's governance as features of its own: roles (roles.py), players' reports and the moderators' queue
(reports.py), the moderators' acts and what each does to the room (acts.py), and the room's own flags of accounts
that share an address or a device in a rated game (flags.py). The checks that hold everywhere (a mute in chat, a
suspension at sign-in) read the store where they are made; this package only acts and tells."""
