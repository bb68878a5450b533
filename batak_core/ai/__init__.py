"""The computer players and what they think with: the double-dummy solver (pure Python, or its
optional mypyc build), the bots of three levels with their hints and reviews, and duplicate matches.

Nothing here is a rule: legality, trick winners and scores come from the engine modules above.
"""
