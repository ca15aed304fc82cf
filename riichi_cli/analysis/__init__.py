"""Questions about a hand that is not yet a win: shanten and acceptance, waits and furiten."""
