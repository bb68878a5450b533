"""The computer players and what they think with: the double-dummy solver (compiled with the
engine by mypyc where a C compiler exists, see ``compiled``; else pure Python), the bots of three
levels with their hints and reviews, and duplicate matches.

Nothing here is a rule: legality, trick winners and scores come from the engine modules above.
"""
