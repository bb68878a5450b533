"""The course app's server side: how Voilà is run for one learner or a whole class (kernels,
access, the class's pages). Jupyter-facing code; the rules and progress logic stay in batak_core."""
