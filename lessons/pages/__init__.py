"""The course's pages, one module each, named after the page's id (``batak_core.teaching.lessons``):
``first-deal`` is ``first_deal.py``. Each module has ``page()``, its cells in order in the active
language; the notebook builder adds the links to the menu and to the lessons before and after."""
