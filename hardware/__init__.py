"""Camera sources and button panels behind small interfaces (picamera2, gpiozero, cv2)."""
