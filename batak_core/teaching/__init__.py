"""What the course teaches with, built on the engine: the sources' worked examples, plain-English
descriptions of every option, quiz questions judged by the engine, and the learner's progress.

No Jupyter here: the widgets and the lesson pages show these objects.
"""
