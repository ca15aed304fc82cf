"""Shell completion for bash and zsh: click's own, with ``KEY=VALUE`` words that complete.

Bash splits ``--rule kuitan=tr`` into ``kuitan``, ``=`` and ``tr`` (``=`` is in COMP_WORDBREAKS),
so click alone sees a word ``tr`` and offers nothing. Here the pieces are glued back before click
completes them, and what goes back to bash is only the part after the word being completed. A
completion that ends in ``=`` (``kuitan=``) gets no space after it, in bash and in zsh, so the
value can be typed (or completed) at once.
"""

from __future__ import annotations

import os

from click.shell_completion import (
    _SOURCE_BASH,
    _SOURCE_ZSH,
    BashComplete,
    CompletionItem,
    ZshComplete,
    add_completion_class,
    split_arg_string,
)

_BASH_PLAIN = """            COMPREPLY+=($value)
"""


def glued(words: list[str]) -> tuple[list[str], str]:
    """The words with every ``=`` joined to its neighbours, and the text of the last word that
    came before its last bash piece (what bash will not replace)."""
    out: list[str] = []
    prefix = ""
    join_next = False
    for word in words:
        if out and (word == "=" or join_next):
            prefix = out[-1]
            out[-1] += word
        else:
            prefix = ""
            out.append(word)
        join_next = word == "="
    return out, prefix


class RiichiBash(BashComplete):
    """Bash: ``=`` glued back; ``KEY=`` left without a space."""

    source_template = _SOURCE_BASH.replace(
        _BASH_PLAIN, _BASH_PLAIN + "            [[ $value == *= ]] && compopt -o nospace\n"
    )
    prefix = ""

    def get_completion_args(self) -> tuple[list[str], str]:
        cwords = split_arg_string(os.environ["COMP_WORDS"])
        cword = int(os.environ["COMP_CWORD"])
        current = cwords[cword] if cword < len(cwords) else ""
        words, self.prefix = glued([*cwords[1:cword], current])
        return words[:-1], words[-1]

    def format_completion(self, item: CompletionItem) -> str:
        value = item.value
        if self.prefix and isinstance(value, str) and value.startswith(self.prefix):
            value = value[len(self.prefix) :]  # bash replaces only the piece after the last break
        return f"{item.type},{value}"


class RiichiZsh(ZshComplete):
    """Zsh (which does not split at ``=``): ``KEY=`` left without a space."""

    source_template = _SOURCE_ZSH.replace(
        """            if [[ "$descr" == "_" ]]; then
                completions+=("$key")""",
        """            if [[ "$key" == *= ]]; then
                compadd -S '' -U -V unsorted -- "$key"
            elif [[ "$descr" == "_" ]]; then
                completions+=("$key")""",
    )


def install() -> None:
    """Use these for ``_RIICHI_COMPLETE=bash_source`` / ``zsh_source`` (and their completions)."""
    add_completion_class(RiichiBash)
    add_completion_class(RiichiZsh)
