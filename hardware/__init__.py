"""Camera sources and button panels behind small interfaces (picamera2, gpiozero, cv2).

Frames are (height, width, 3) uint8 BGR numpy arrays (frames.py). Cameras: camera.py (one
interface, four sources, `open_camera(source=...)`), watch.py (faults become a status, the camera
is reopened by itself). Buttons: buttons.py (gpiozero Buttons -> logical inputs). Which hardware
this machine has: detect.py. Errors: errors.py.
"""
