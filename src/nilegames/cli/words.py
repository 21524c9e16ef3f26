"""The terminal's own words (prompts, headings, help), in English and French.

The games' words (log lines, moves, drawings) come from the games; these are only the
frame around them.
"""

from __future__ import annotations

from typing import Any

from nilegames.core.translate import LANGUAGES

__all__ = ["LANGUAGES", "TEXT", "say"]

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "your_move": "{name}: your move",
        "your_move_one": "Your move",
        "to_play": "{name} to play",
        "pass_screen": "Pass the screen to {name}, then press Enter (q quits) ",
        "prompt": "{name}> ",
        "prompt_more": "{name} ({path})> ",
        "keys": "letter or words · u undo · ? help · l log · q quit",
        "keys_step": "number or words · u back · ? help · l log · q quit",
        "enter_one": "Enter plays it",
        "news": "What just happened",
        "earlier": "… {n} earlier lines (l shows the whole log)",
        "earlier_plain": "… {n} earlier lines",
        "log": "The whole log",
        "not_a_choice": "{text!r} is not a choice here: type a key from the list or a move's words",
        "ambiguous": "{text!r} could mean {n} moves; pick one:",
        "repeat_stopped": "stopped after {done} of {n}: {words!r} is no longer possible",
        "undone": "Taken back: {step}",
        "cannot_undo": "Nothing to take back: {reason}",
        "back": "Back one step",
        "help_title": "Rules of this phase",
        "help_none": "No rules text for this phase yet; the full rules are in"
        " docs/rules/{game}.md.",
        "help_choices": "Your choices",
        "help_keys": (
            "Type a key (the same letter always means the same kind of move), then a number"
            " if asked; or type a move's words, as short as you like (Tab completes): {example}."
            " A number after the words repeats the move (plant Wheat 2)."
            " u takes back the last step, h asks the hard bot for a hint, l shows the whole"
            " log, q quits."
        ),
        "hint": "Hint: {move} (your expected result {estimate:.0%}, from {iterations} searches)",
        "hint_wait": "Thinking about a hint…",
        "hint_off": "Hints are off at a table of several people (--hints turns them on).",
        "bot_move": "{name}: {words}",
        "game_over": "Game over",
        "result": "Result",
        "wins": "Result: {name} wins",
        "you_win": "Result: you win",
        "draw_all": "Result: a draw between every seat",
        "tie": "Result: a tie between {names}",
        "seat": "seat {seat}",
        "you": "you",
        "left": "Left the game before the end (seed {seed}).",
        "choices_in": "{n} moves: {preview}",
    },
    "fr": {
        "your_move": "{name} : à vous de jouer",
        "your_move_one": "À vous de jouer",
        "to_play": "{name} joue",
        "pass_screen": "Passez l'écran à {name}, puis Entrée (q pour quitter) ",
        "prompt": "{name}> ",
        "prompt_more": "{name} ({path})> ",
        "keys": "lettre ou mots · u annuler · ? aide · l journal · q quitter",
        "keys_step": "numéro ou mots · u retour · ? aide · l journal · q quitter",
        "enter_one": "Entrée pour jouer",
        "news": "Ce qui vient de se passer",
        "earlier": "… {n} lignes plus anciennes (l montre tout le journal)",
        "earlier_plain": "… {n} lignes plus anciennes",
        "log": "Tout le journal",
        "not_a_choice": "{text!r} n'est pas un choix ici : tapez une touche de la liste"
        " ou les mots d'un coup",
        "ambiguous": "{text!r} peut désigner {n} coups ; choisissez :",
        "repeat_stopped": "arrêté après {done} sur {n} : {words!r} n'est plus possible",
        "undone": "Annulé : {step}",
        "cannot_undo": "Rien à annuler : {reason}",
        "back": "Une étape en arrière",
        "help_title": "Règles de cette phase",
        "help_none": "Pas encore de règles pour cette phase ; les règles complètes sont dans"
        " docs/rules/{game}.md.",
        "help_choices": "Vos choix",
        "help_keys": (
            "Tapez une touche (une lettre désigne toujours le même genre de coup), puis un"
            " numéro si on le demande ; ou tapez les mots d'un coup, aussi courts que vous"
            " voulez (Tab complète) : {example}. Un nombre après les mots répète le coup."
            " u annule la dernière étape, h demande un conseil au robot fort, l montre le"
            " journal, q quitte."
        ),
        "hint": "Conseil : {move} (votre résultat espéré {estimate:.0%}, sur {iterations}"
        " recherches)",
        "hint_wait": "Réflexion pour un conseil…",
        "hint_off": "Pas de conseils à une table de plusieurs personnes (--hints les active).",
        "bot_move": "{name} : {words}",
        "game_over": "Partie terminée",
        "result": "Résultat",
        "wins": "Résultat : {name} gagne",
        "you_win": "Résultat : vous gagnez",
        "draw_all": "Résultat : égalité entre tous les joueurs",
        "tie": "Résultat : égalité entre {names}",
        "seat": "place {seat}",
        "you": "vous",
        "left": "Partie quittée avant la fin (graine {seed}).",
        "choices_in": "{n} coups : {preview}",
        "undo.nothing": "il n'y a encore rien à reprendre",
        "undo.over": "la partie est finie",
        "undo.chance": "le hasard a joué depuis le dernier coup : il reste joué",
        "undo.turn": "seul le joueur qui a fait le dernier coup peut le reprendre, à son tour",
        "undo.final": "ce coup est définitif : il ne se reprend pas",
    },
}


def say(lang: str, key: str, **values: Any) -> str:
    """The terminal's sentence ``key`` in ``lang`` (English if that language lacks it)."""
    text = TEXT.get(lang, TEXT["en"]).get(key) or TEXT["en"][key]
    return text.format(**values)
