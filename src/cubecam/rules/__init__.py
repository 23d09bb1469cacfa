"""The rules of the games cubecam scores; they speak only of Layouts and lexicons."""
