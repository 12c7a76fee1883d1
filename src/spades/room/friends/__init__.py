"""Who keeps to whom, as features of their own: friends and where they are (friends.py), blocks (blocks.py) and
invitations to a seat (invites.py). The rules that hold elsewhere read the store where they are applied: the chat
leaves out the blocked, quick play seats them apart, a private table lets in only those it should."""
