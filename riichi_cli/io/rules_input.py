"""The rules of an input mapping (``rules:`` and ``rule_options:`` over the caller's default) and the
default rules an API caller gives; resolved rules cached by their inputs."""

from __future__ import annotations

from ..core.errors import InvalidContext, short
from ..core.rules import Rules, resolve_rules, with_overrides
from .values import unknown_key_message

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Final

# (id of the default rules, preset, options) -> (the default rules, the resolved rules). The
# default is kept in the entry so that its id cannot be reused while the entry lives; keying on the
# id spares hashing all the options of a Rules value for every hand.
_rules_cache: Final[dict[object, tuple[Rules, Rules]]] = {}


class _LastOption:
    """The rules of the last hand that had one rule option and no preset, with what they came from: a
    batch repeats them hand after hand, and comparing four values costs less than hashing a key."""

    def __init__(self) -> None:
        self.default: Rules | None = None
        self.name: object = None
        self.value: object = None
        self.rules: Rules | None = None


_last: Final = _LastOption()
#: A value no option has, for a look-up that finds nothing.
_ABSENT: Final = object()


def read_rules(mapping: dict, default: Rules) -> Rules:
    """The rules of a hand: its own preset and options over the caller's default rules.

    Batches repeat the same few rule settings, so resolved rules are cached by their inputs.
    """
    return rules_from(mapping.get("rules"), mapping.get("rule_options"), default)


def rules_from(preset: object, options: object, default: Rules) -> Rules:
    """`read_rules` of the values of a mapping's ``rules`` and ``rule_options`` keys (None: absent)."""
    if preset is None:
        if type(options) is dict:  # (the type first: a dict's truth is its length, an object's a call)
            if not options:
                return default
        elif not options:
            return default
    last = _last
    if preset is None and type(options) is dict and len(options) == 1 and default is last.default:
        # The last hand's one option again, looked up by its name (one look-up of an interned key,
        # no walk of the items): the very value object (True, a small int) is the same setting.
        if last.rules is not None and options.get(last.name, _ABSENT) is last.value:
            return last.rules
    if preset is None and isinstance(options, dict) and len(options) == 1:
        for name, value in options.items():
            kind = type(value)  # the type too: True == 1 == 1.0, but 1.0 is refused
            if type(name) is str and (kind is bool or kind is int or kind is str):
                if (
                    default is last.default
                    and last.rules is not None
                    and kind is type(last.value)
                    and (name is last.name or name == last.name)  # (the same objects, most of the time)
                    and (value is last.value or value == last.value)
                ):
                    return last.rules
                found = _read_rules(preset, options, default)
                last.default, last.name, last.value, last.rules = default, name, value, found
                return found
    try:
        key: object
        if isinstance(options, dict) and len(options) == 1:  # the common case, as a flat key
            for name, value in options.items():  # the type too: True == 1 == 1.0, but 1.0 is refused
                key = (id(default), preset, name, value, type(value))
        else:
            items = [(k, v, type(v)) for k, v in options.items()] if isinstance(options, dict) else options
            key = (id(default), preset, tuple(items) if isinstance(items, list) else items)
        entry = _rules_cache.get(key)
    except TypeError:  # an unhashable value: resolve it (and let it be refused) below
        key, entry = None, None
    if entry is not None and entry[0] is default:
        return entry[1]
    found = _read_rules(preset, options, default)
    if key is not None and len(_rules_cache) < 1024:
        _rules_cache[key] = (default, found)
    return found


def rules_of(rules: object) -> Rules:
    """Rules from a Rules value, a preset name, or ``{"rules": preset, "rule_options": {...}}``
    (the default rules a caller of the API gives); None is the default preset."""
    if rules is None:
        return resolve_rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return resolve_rules(rules)
    if isinstance(rules, dict):
        unknown = [k for k in rules if k not in ("rules", "rule_options")]
        if unknown:
            raise InvalidContext(
                unknown_key_message(unknown[0], {"rules", "rule_options"}), detail="unknown_key"
            )
        preset, options = rules.get("rules"), rules.get("rule_options") or {}
        if not isinstance(options, dict) or not (preset is None or isinstance(preset, str)):
            raise InvalidContext("rules must be a preset name and rule_options a mapping")
        return resolve_rules(preset, options)
    raise InvalidContext(f"rules must be a preset name or a mapping, got {type(rules).__name__}")


def _read_rules(preset: object, options: object, default: Rules) -> Rules:
    if options is not None and not isinstance(options, dict):
        raise InvalidContext(
            f"rule_options must be a mapping, got {short(options)}", detail="bad_rule_options"
        )
    if preset is not None and not isinstance(preset, str):
        raise InvalidContext(f"rules must be a preset name, got {short(preset)}", detail="bad_preset")
    if preset is None:
        return with_overrides(default, options or {})
    return resolve_rules(preset, options)
