"""What hosting a table and sitting at one need besides the table itself: where this laptop
keeps its table and its seats' tokens, how a table's name and code are said, reading a table's
rules, and opening this laptop's table in a process of its own.

Shared by the lobby (which hosts), the join screen (which sits at another laptop's table), the
title (which offers a rejoin) and the network table, so none of them imports another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import PRESETS, RuleSet
from engine.words import Said
from marriage_gui.language import N_, _, word
from marriage_gui.ui.words import proposed_name
from marriage_net.discovery import DISCOVERY_PORT, listen_address
from marriage_net.hostproc import HostProcess, TableConfig
from marriage_net.seats import TableSave
from marriage_net.serve import DEFAULT_PORT

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices
    from marriage_net.client import RemoteMatch
    from marriage_net.protocol import Lobby

TABLE_SAVE = "lan_table.json"
TOKENS = "lan_tokens.json"
DEFAULT_HOST_NAME = "Host"  # not "You": every other screen shows this name too


def spaced_code(code: str) -> str:
    """The table code as people read it out: ``482 913``."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


def back_at_standings(remote: RemoteMatch, lobby: Lobby | None) -> bool:
    """Whether ``remote`` sits back down at a finished match whose standings its person has not
    left: the host sent their last view of it, and the lobby that follows does not say they are
    ready for the next match (they said Play again before they went)."""
    seats, final = remote.seats, remote.standings
    if lobby is None or not seats or not all(seat in final for seat in seats):
        return False
    return not any(s.ready for s in lobby.seats if s.seat in seats)


def read_table_rules(app: AppServices, lobby: Any) -> str | None:
    """Open the Rules screen on the rules of the table ``lobby`` describes; a problem in words,
    or None when it opened."""
    if lobby is None:
        return _("The table has not said its rules yet.")
    try:
        rules = RuleSet.from_dict(lobby.rule_set)
    except ValueError as exc:
        said = exc.args[0] if exc.args and isinstance(exc.args[0], Said | str) else str(exc)
        # Translators: {error} is what is wrong with the rules (naming the rule by its label).
        return _("The table's rules cannot be read: {error}").format(error=word(said))
    app.open("rules", rules=rules)
    return None


#: How a hosted table is named on the network, and worded on each laptop (``table_words``).
_TABLE_OF = N_("{name}'s table")
_ANY_TABLE = N_("Marriage table")


def table_words(table: str) -> str:
    """A table's name as this laptop says it: a table named after its host ("Asha's table",
    as every host sends it) in the language in use; any other name as it was given."""
    if table == _ANY_TABLE:
        return _(_ANY_TABLE)
    suffix = _TABLE_OF.removeprefix("{name}")
    if table.endswith(suffix) and len(table) > len(suffix):
        # Translators: the name of a table hosted on the network; {name} is the host's name.
        return _("{name}'s table").format(name=table.removesuffix(suffix))
    return table


def saved_between_matches(app: AppServices) -> bool:
    """Whether this laptop's saved table was saved between two matches (its host had said
    Play again): reopened, its lobby is that new match's (who is back from the standings)."""
    save = app.storage.path(TABLE_SAVE)
    try:
        return save.is_file() and TableSave.read(save).rematch
    except ValueError:  # a damaged save: the table says why when it is opened
        return False


def open_table_process(
    app: AppServices, name: str, discovery_port: int = DISCOVERY_PORT, rules: RuleSet | None = None
) -> tuple[HostProcess, bool]:
    """Open (or reopen, if one was saved, with its own rules) this laptop's table, a new one
    with ``rules`` (Nepali if not given); (process, reopened)."""
    save = app.storage.path(TABLE_SAVE)
    reopen = save.is_file()
    config = TableConfig(
        # The computer player is named as this laptop proposes names (गीता on a Nepali one).
        seats=[("here", name), ("open", ""), ("open", ""), ("medium", proposed_name(3))],
        rules=(rules or PRESETS["nepali"]).to_dict(),
        # The name travels in one form, English, whatever this laptop speaks: each laptop that
        # shows it words it in its own language (``table_words``).
        table=_TABLE_OF.format(name=name) if name != DEFAULT_HOST_NAME else _ANY_TABLE,
        save_path=str(save),
        reopen=reopen,
        discovery=True,
        discovery_bind=listen_address(),
        discovery_port=discovery_port,
    )
    address = listen_address()
    proc = None
    for port in (DEFAULT_PORT, 0):  # the usual port, else any free one
        proc = HostProcess(config, address, None if reopen and port else port)
        try:
            proc.wait_ready()
            return proc, reopen
        except ValueError:
            if port == 0:
                raise
    raise ValueError(_("the table could not be opened"))


__all__ = [
    "DEFAULT_HOST_NAME",
    "TABLE_SAVE",
    "TOKENS",
    "open_table_process",
    "read_table_rules",
    "saved_between_matches",
    "spaced_code",
    "table_words",
]
