"""designkit_widgets: the ipywidgets panels (stepper, parameter editor, balance lab, ...).

Installed with the project under the import name ``designkit_widgets``. These panels
import ``designkit``; ``designkit`` never imports them (it runs headless, without Jupyter).
"""
