"""The pygame front end: window, scenes, input, animation, rendering."""
