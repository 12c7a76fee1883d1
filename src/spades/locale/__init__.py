"""The catalogues of the languages the project speaks besides English: ``<lang>/LC_MESSAGES/spades.po`` (what
Python and the web page's HTML say) and ``web.po`` (what the web page's scripts say), each compiled beside it
(``spades.mo``, ``web.json``), with the templates ``spades.pot`` and ``web.pot`` extracted from the source.
``python -m spades.locale.tools`` extracts, updates, compiles and checks them (it needs Babel, the test extra)."""
