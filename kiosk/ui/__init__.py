"""The touch screen: the Kivy App, its screens and widgets, presenters and the Arabic/English text."""
