"""Widgets for menus and dialogs: buttons, toggles, sliders, steppers, text input, panels."""
