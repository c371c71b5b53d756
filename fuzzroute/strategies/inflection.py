"""Real English inflections of a word, from lemminflect's dictionary.

A near miss is only worth an author's time when a person could have typed
it.  Suffix rules turn "order" into "orderer" and "hello" into "helloer",
which nobody types, and a report full of them teaches authors to ignore the
generated half.  lemminflect looks a word up in its lexicon: a word gets its
lemmas (per part of speech), and each lemma the forms the lexicon lists for
it, so every form offered here is a dictionary word ("order" -> "orders",
"ordered", "ordering"; "try" -> "tried"; "hello" -> "hellos").  A word the
lexicon does not know gets no inflection at all rather than a guess.

Auxiliaries ("is" -> "was", "been") and function words are left alone: they
change the tense or the person of a message, not the word a rule looks for.
"""

from __future__ import annotations

from functools import lru_cache

from lemminflect import getAllInflections, getAllLemmas

#: Parts of speech whose forms are inflections a user types for the same word.
CONTENT_POS = ("NOUN", "VERB", "ADJ")


@lru_cache(maxsize=4096)
def _forms_of_lower(word: str) -> tuple[str, ...]:
    lemmas = getAllLemmas(word)
    if not lemmas or "AUX" in lemmas:
        return ()
    forms: dict[str, None] = {}
    for pos in CONTENT_POS:
        for lemma in lemmas.get(pos, ()):
            if lemma != word:
                forms.setdefault(lemma, None)
            for spelled in getAllInflections(lemma, upos=pos).values():
                for form in spelled:
                    forms.setdefault(form, None)
    forms.pop(word, None)
    return tuple(sorted(f for f in forms if f.isascii() and f.isalpha()))


def _same_case(form: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return form.upper()
    if like[:1].isupper():
        return form[:1].upper() + form[1:]
    return form


def word_forms(word: str) -> list[str]:
    """The other dictionary forms of `word`, in `word`'s case ("Order" -> "Ordered", ...).

    Empty for a word the lexicon does not know, for auxiliaries, and for
    anything that is not a plain ASCII word.
    """
    if not word.isascii() or not word.isalpha() or len(word) < 2:
        return []
    return [_same_case(form, word) for form in _forms_of_lower(word.lower())]
